import { defaultDataFilename, filenameFromDisposition } from './accountData';

describe('the data file name', () => {
  it('is read from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="noor-data-2026-03-12.json"')).toBe(
      'noor-data-2026-03-12.json',
    );
    expect(filenameFromDisposition('attachment; filename=noor-data-2026-03-12.json')).toBe(
      'noor-data-2026-03-12.json',
    );
    expect(filenameFromDisposition('ATTACHMENT; FILENAME="a b.json"; size=10')).toBe('a b.json');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".json"')).toBe(
      'say "hi".json',
    );
  });

  it('prefers the encoded filename*', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="sakina-data.json"; filename*=UTF-8''s%C3%A2kina-data.json`,
      ),
    ).toBe('sâkina-data.json');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
  });

  it('keeps only a base name, and nothing when there is none', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename="C:\\\\temp\\\\x.json"')).toBe('x.json');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition('attachment; filename=""')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('falls back to what the server would call it', () => {
    const day = new Date('2026-03-12T23:30:00Z');
    expect(defaultDataFilename('noor', day)).toBe('noor-data-2026-03-12.json');
    expect(defaultDataFilename('Sakina App!', day)).toBe('SakinaApp-data-2026-03-12.json');
    expect(defaultDataFilename('نور', day)).toBe('account-data-2026-03-12.json');
  });
});
