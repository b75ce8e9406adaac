import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { ConfigContext } from '../lib/configContext';
import type { RuntimeConfig } from '../lib/config';
import { Layout } from './layout/Layout';
import { routes } from './routes';

/** Everything inside the router; BrowserRouter (client) or StaticRouter (prerender) wraps it. */
export function App({ config }: { config: RuntimeConfig }) {
  return (
    <ConfigContext value={config}>
      <Layout>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element()} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Layout>
    </ConfigContext>
  );
}
