import { render, screen } from '../../test/render';
import FeaturesPage from './FeaturesPage';

describe('FeaturesPage', () => {
  it('lists the ten cards with their category and a link to each page', () => {
    render(<FeaturesPage />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10);
    const community = screen.getByRole('link', { name: /about Community$/ });
    expect(community).toHaveTextContent('Learn more about Community');
    expect(community).toHaveAttribute('href', '/features/community');
    expect(screen.getAllByText('Core')).toHaveLength(3);
    expect(screen.getByText('User Experience')).toBeInTheDocument();
  });
});
