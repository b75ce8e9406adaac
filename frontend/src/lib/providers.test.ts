import { isAuthErrorRedirect } from './providers';

describe('isAuthErrorRedirect', () => {
  it("recognises the server's error redirect to the site's address (fragment with sb)", () => {
    expect(
      isAuthErrorRedirect(
        '#error=invalid_request&error_code=bad_oauth_state&error_description=OAuth+state+not+found+or+expired&sb=',
      ),
    ).toBe(true);
    expect(isAuthErrorRedirect('error=access_denied&sb=')).toBe(true);
  });

  it('leaves page anchors, sessions and fragments without sb alone', () => {
    expect(isAuthErrorRedirect('')).toBe(false);
    expect(isAuthErrorRedirect('#about')).toBe(false);
    expect(isAuthErrorRedirect('#access_token=x&token_type=bearer&sb=')).toBe(false);
    expect(isAuthErrorRedirect('#error=access_denied')).toBe(false);
  });
});
