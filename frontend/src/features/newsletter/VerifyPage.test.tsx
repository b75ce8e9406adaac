import type { SupabaseClient } from '@supabase/supabase-js';
import { render, screen } from '../../test/render';
import { StrictMode } from 'react';
import { getSupabase } from '../../lib/supabase';
import VerifyPage from './VerifyPage';

vi.mock('../../lib/supabase', () => ({ getSupabase: vi.fn() }));

function rpcAnswers(answer: () => Promise<unknown>) {
  const rpc = vi.fn(answer);
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as SupabaseClient);
  return rpc;
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <StrictMode>
      <VerifyPage />
    </StrictMode>,
  );
}

afterEach(() => vi.mocked(getSupabase).mockReset());

describe('VerifyPage', () => {
  it('shows Verifying Email, then Email Verified!, calling the RPC once under StrictMode', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const rpc = rpcAnswers(() => new Promise((resolve) => (answer = resolve)));
    renderAt('/verify?token=tok-123');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verifying Email');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying Email');
    await vi.waitFor(() => expect(rpc).toHaveBeenCalled());
    answer({ data: true, error: null });
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Email Verified!');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('verify_subscriber', { token: 'tok-123' });
  });

  it.each([
    [
      'false',
      async () => ({ data: false, error: null }),
      'Verification failed. The link may have expired or already been used.',
    ],
    [
      'an error',
      async () => ({ data: null, error: { message: 'x' } }),
      'An error occurred during verification. Please try again later.',
    ],
    [
      'an exception',
      async () => Promise.reject(new Error('boom')),
      'An unexpected error occurred. Please try again later.',
    ],
  ])('shows Verification Failed when the call gives %s', async (_, answer, message) => {
    rpcAnswers(answer);
    renderAt('/verify?token=tok');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toBeInTheDocument();
  });

  it('says the link is invalid without a token, and makes no call', async () => {
    const rpc = rpcAnswers(async () => ({ data: true, error: null }));
    renderAt('/verify');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(
      screen.getByText('Invalid verification link. Please check your email and try again.'),
    ).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    expect(getSupabase).not.toHaveBeenCalled();
  });
});
