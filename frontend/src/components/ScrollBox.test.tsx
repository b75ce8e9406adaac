import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useHydrated } from '../lib/useHydrated';
import { ScrollBox } from './ScrollBox';

function Probe() {
  return <p>{useHydrated() ? 'in the browser' : 'prerendered'}</p>;
}

describe('ScrollBox', () => {
  it('is a named region a keyboard can reach, with the scroll shadows and the caller’s size', () => {
    render(
      <ScrollBox label="Timetable for March 2026" className="tall">
        <table />
      </ScrollBox>,
    );
    const box = screen.getByRole('region', { name: 'Timetable for March 2026' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.className).toMatch(/scrollShadows/);
    expect(box).toHaveClass('tall');
  });
});

describe('useHydrated', () => {
  it('is false in the prerendered HTML and true in the browser', () => {
    expect(renderToString(<Probe />)).toContain('prerendered');
    render(<Probe />);
    expect(screen.getByText('in the browser')).toBeInTheDocument();
  });
});
