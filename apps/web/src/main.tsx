import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configureApi } from './app/api-client';
import { i18n, setupI18n } from './app/i18n';
import { Providers } from './app/providers';
import { preloadAppPages } from './app/pages';
import { AppRoutes } from './app/router';
import { getSession, loadAccount, logout } from './app/session';
import { ensureDeviceId } from './app/storage';
import { startErrorReporting } from './app/error-reporting';

// Errors are caught from here on; the reporter itself loads after the first paint, and only when the
// server hands out a DSN (GET /g/client-config: production only).
void startErrorReporting();
setupI18n();
ensureDeviceId();
configureApi({ onLogout: () => void logout(), getLang: () => i18n.language });

// Drop the one-time reload marker of a front-version conflict from the address bar.
const url = new URL(window.location.href);
if (url.searchParams.has('cc')) {
  url.searchParams.delete('cc');
  window.history.replaceState(window.history.state, '', url.toString());
}
if (getSession().token) {
  void loadAccount(url.searchParams.get('acc'));
  preloadAppPages();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
