import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd-mobile/es/global';
import './app/theme.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { setNavigate } from './lib/navigation';
import { live } from './lib/session';

// STACK.md pitfall 2: antd-mobile's Toast/Dialog need unstableSetRender on React 19: lib/toast and
// components/ui/confirm (their only callers) set it up before their first use, off the first load.

// The router starts loading the page of the address at once, while /config.json (preloaded by
// index.html) arrives; the app renders once both are there.
const router = createAppRouter();
setNavigate((path) => void router.navigate(path, { replace: true }));
await loadRuntimeConfig();

// SPEC §4: the live connection starts at app load (user info loads on the first navigation): the
// player's when logged in, else the public channel, so guests get match scores and notices too. Login
// switches it to the player's; after a logout or an expired session it is a guest's again (session.ts).
live.connect();

createRoot(document.getElementById('root')!).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
