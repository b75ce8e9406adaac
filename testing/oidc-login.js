/**
 * A person signing in at the test OpenID Provider (testing/oidc-provider.js), as a browser
 * would: from the provider's authorize URL (where our server's /auth/v1/authorize sends the
 * browser), through the provider's login page, up to the moment the provider sends the browser
 * back to the client. The client's callback is not called: the test does that (with its own
 * cookies), from what `signInAtProvider` returns.
 *
 * The login page is oidc-provider's development form: `POST /interaction/<uid>` with
 * `prompt=login`, `login` (any string: the account, see testing/oidc-provider.js) and
 * `password` (anything).
 */

/**
 * @typedef {{ method: 'GET', url: string }
 *   | { method: 'POST', url: string, form: Record<string, string> }} ProviderReturn
 *   How the browser goes back to the client: a redirect (query response) or an auto-submitting
 *   form (form_post response; `form` is its fields).
 */

/** A browser's cookies for one site: name and path, honouring deletion. */
class CookieJar {
  /** @type {Map<string, { name: string, value: string, path: string }>} */
  #cookies = new Map();

  /**
   * @param {string} url The request that answered.
   * @param {string[]} setCookies Its `Set-Cookie` headers.
   */
  store(url, setCookies) {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const equals = pair.indexOf('=');
      if (equals < 1) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      let path = defaultPath(new URL(url).pathname);
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const attributeValue = rest.join('=').trim();
        switch (key.trim().toLowerCase()) {
          case 'path':
            if (attributeValue.startsWith('/')) path = attributeValue;
            break;
          case 'max-age':
            if (Number(attributeValue) <= 0) expired = true;
            break;
          case 'expires':
            if (Date.parse(attributeValue) <= Date.now()) expired = true;
            break;
          default:
        }
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  /**
   * The `Cookie` header for a request.
   *
   * @param {string} url
   */
  header(url) {
    const { pathname } = new URL(url);
    return [...this.#cookies.values()]
      .filter(({ path }) => pathMatches(pathname, path))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
}

/**
 * RFC 6265 5.1.4: the default path of a cookie set without one.
 *
 * @param {string} pathname
 */
function defaultPath(pathname) {
  const slash = pathname.lastIndexOf('/');
  return slash > 0 ? pathname.slice(0, slash) : '/';
}

/**
 * @param {string} pathname
 * @param {string} cookiePath
 */
function pathMatches(pathname, cookiePath) {
  if (pathname === cookiePath) return true;
  if (!pathname.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || pathname.charAt(cookiePath.length) === '/';
}

/** @type {Record<string, string>} */
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** @param {string} text */
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body) => {
    const code = String(body);
    if (code.startsWith('#x') || code.startsWith('#X')) {
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    }
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/**
 * The attributes of a start tag's inside (`name="x" value='y' required`).
 *
 * @param {string} source
 * @returns {Record<string, string>}
 */
function attributes(source) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const match of source.matchAll(
    /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    const [, name = '', doubleQuoted, singleQuoted, bare] = match;
    found[name.toLowerCase()] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return found;
}

/**
 * @typedef {object} HtmlForm
 * @property {string} action Absolute.
 * @property {string} method Upper case.
 * @property {{ name: string, type: string, value: string }[]} inputs
 */

/**
 * The forms of a page (enough HTML for the provider's pages: forms of `<input>`s).
 *
 * @param {string} html
 * @param {string} pageUrl
 * @returns {HtmlForm[]}
 */
function formsOf(html, pageUrl) {
  /** @type {HtmlForm[]} */
  const forms = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form\s*>/gi)) {
    const form = attributes(match[1] ?? '');
    const inputs = [...(match[2] ?? '').matchAll(/<input\b([^>]*)>/gi)].map((input) => {
      const { name = '', type = 'text', value = '' } = attributes(input[1] ?? '');
      return { name, type: type.toLowerCase(), value };
    });
    forms.push({
      action: new URL(form.action ?? '', pageUrl).href,
      method: (form.method ?? 'GET').toUpperCase(),
      inputs: inputs.filter(({ name }) => name),
    });
  }
  return forms;
}

/**
 * Signs `login` in at the provider, starting from its authorize URL, and stops where the
 * provider sends the browser back to the client (any URL outside the provider's origin).
 * A fresh cookie jar each time: the provider always shows its login page.
 *
 * @param {string} authorizeUrl
 * @param {string} login
 * @returns {Promise<ProviderReturn>}
 */
export async function signInAtProvider(authorizeUrl, login) {
  const providerOrigin = new URL(authorizeUrl).origin;
  const jar = new CookieJar();
  let url = authorizeUrl;
  /** @type {URLSearchParams | undefined} */
  let body;
  let loggedIn = false;
  for (let step = 0; step < 20; step += 1) {
    const cookie = jar.header(url);
    /** @type {Record<string, string>} */
    const headers = cookie ? { cookie } : {};
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers,
      body,
    });
    jar.store(url, response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      body = undefined;
      if (new URL(url).origin !== providerOrigin) return { method: 'GET', url };
      continue;
    }
    const html = await response.text();
    if (!response.ok) {
      throw new Error(`the provider answered ${response.status} at ${url}:\n${html}`);
    }
    const [form] = formsOf(html, url);
    if (!form) throw new Error(`no form on the provider's page ${url}:\n${html}`);
    /** @type {Record<string, string>} */
    const fields = {};
    for (const input of form.inputs) fields[input.name] = input.value;
    if (new URL(form.action).origin !== providerOrigin) {
      return { method: 'POST', url: form.action, form: fields };
    }
    if (!('login' in fields) || loggedIn) {
      throw new Error(`unexpected form on the provider's page ${url}:\n${html}`);
    }
    loggedIn = true;
    fields.login = login;
    fields.password = 'any password';
    url = form.action;
    body = new URLSearchParams(fields);
  }
  throw new Error(`too many steps at the provider, last at ${url}`);
}
