import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** antd in Chinese with the console's theme, its App context (message, notification, modal), and the query client. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        token: { colorPrimary: '#1668dc', borderRadius: 8 },
        components: { Layout: { headerHeight: 64 } },
      }}
    >
      <App>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
