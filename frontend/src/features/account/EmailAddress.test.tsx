import { render } from '../../test/render';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('may break after the @ and before each dot, and reads as the address', () => {
    const { container } = render(<EmailAddress email="first.last@mail.example.com" />);
    const bdi = container.querySelector('bdi');
    expect(bdi).toHaveTextContent(/^first\.last@mail\.example\.com$/);
    expect(bdi?.innerHTML).toBe('first<wbr>.last@<wbr>mail<wbr>.example<wbr>.com');
  });

  it('leaves an address without dots whole but for the @', () => {
    const { container } = render(<EmailAddress email="user@localhost" />);
    expect(container.querySelector('bdi')?.innerHTML).toBe('user@<wbr>localhost');
  });
});
