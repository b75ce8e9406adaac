import { render, screen } from '../../test/render';
import GoogleAnalyticsGuide from './GoogleAnalyticsGuide';

describe('Google Analytics guide', () => {
  it('shows the month of the last change, code left to right, and the support address', () => {
    render(<GoogleAnalyticsGuide />);
    expect(document.body).toHaveTextContent('Last updated: April 2024');
    expect(screen.getByText('GA_MEASUREMENT_ID=G-XXXXXXXXXX').closest('pre')).toHaveAttribute(
      'dir',
      'ltr',
    );
    expect(
      screen.getByText(/Questions about analytics on this site\? Contact our support team at/),
    ).toHaveTextContent(/at support@[^ ]+\.$/);
  });
});
