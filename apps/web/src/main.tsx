import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd-mobile/es/global';
import './app/theme.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { setNavigate } from './lib/navigation';
import { live } from './lib/session';

// STACK.md pitfall 2: antd-mobile's Toast/Dialog need unstableSetRender on React 19. Set up off the
// critical path (lib/toast and confirm also wait for it before their first use).
void import('./lib/antd-render').then((m) => m.setupAntdRender());
await loadRuntimeConfig();

const router = createAppRouter();
setNavigate((path) => void router.navigate(path, { replace: true }));

// SPEC §4: the live connection starts at app load (user info loads on the first navigation): the
// player's when logged in, else the public channel, so guests get match scores and notices too. Login
// switches it to the player's; after a logout or an expired session it is a guest's again (session.ts).
live.connect();

createRoot(document.getElementById('root')!).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
