import { renderToString } from 'react-dom/server';
import { ConfigContext } from '../lib/configContext';
import { DEFAULT_CONFIG, PLACEHOLDER_CONFIG, type RuntimeConfig } from '../lib/config';
import { When } from './When';

function html(config: RuntimeConfig) {
  return renderToString(
    <ConfigContext value={config}>
      <ul>
        <When when="coming">
          <li>soon</li>
        </When>
        <When when="launched">
          <li>
            <a href={config.appStoreUrl}>download</a>
          </li>
        </When>
      </ul>
    </ConfigContext>,
  );
}

describe('When', () => {
  it('renders only the parts whose condition holds', () => {
    expect(html(DEFAULT_CONFIG)).toBe('<ul><li>soon</li></ul>');
    const launched = {
      ...DEFAULT_CONFIG,
      appStoreUrl: 'https://a.example',
      playStoreUrl: 'https://p.example',
    };
    expect(html(launched)).toBe('<ul><li><a href="https://a.example">download</a></li></ul>');
  });

  it('prerenders every part, marked for the server to keep or drop', () => {
    expect(html(PLACEHOLDER_CONFIG)).toBe(
      '<ul><rc-if data-when="coming"><li>soon</li></rc-if>' +
        '<rc-if data-when="launched"><li><a href="__RC_APP_STORE_URL__">download</a></li></rc-if></ul>',
    );
  });
});
