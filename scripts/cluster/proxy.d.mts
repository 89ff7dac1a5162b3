export interface ProxyOptions {
  port: number;
  host?: string;
  instances: { index: number; port: number }[];
  log?: (line: string) => void;
}

export function startProxy(options: ProxyOptions): Promise<{ port: number; close(): void }>;
