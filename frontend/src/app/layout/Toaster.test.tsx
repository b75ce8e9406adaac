import { act, render, screen } from '../../test/render';
import toast from 'react-hot-toast/headless';
import { Toaster } from './Toaster';

describe('Toaster (toast rules: docs/behaviour.md#look-timings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('shows success toasts for 2 s', () => {
    render(<Toaster />);
    act(() => void toast.success('Saved'));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('shows error toasts for 4 s, and loading toasts until dismissed', () => {
    render(<Toaster />);
    let loading = '';
    act(() => {
      toast.error('Failed');
      loading = toast.loading('Sending…');
    });
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.queryByText('Failed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Failed')).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Sending…')).toBeInTheDocument();
    act(() => toast.dismiss(loading));
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('keeps at most 20 toasts', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 25; i += 1) toast(`Note ${i}`);
    });
    expect(screen.getAllByText(/^Note /)).toHaveLength(20);
  });
});
