import { networkInterfaces } from 'node:os';
import { DEMO_TEAM } from './modules/agents/demo-team.js';

export interface StartFacts {
  port: number;
  /** Where the server listens (HOST). */
  host: string;
  demo: boolean;
  /** The data folder in use, and the one `npm run admin` reads when DATA_DIR is unset. */
  dataDir: string;
  defaultDataDir: string;
  /** This machine's address on its network, when it listens on every address. */
  lanAddress?: string | undefined;
}

const EVERY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/** Where a browser on this machine reaches the server. */
export function appUrl({ host, port }: Pick<StartFacts, 'host' | 'port'>): string {
  const name = EVERY_ADDRESS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The first IPv4 address of this machine that is not loopback (for a phone on the same network). */
export function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return undefined;
}

/**
 * The plain block `npm start` ends with in a terminal: where the app and the console are, the
 * demo logins in demo mode, and the command that makes an operator (with the PORT and DATA_DIR
 * the CLI needs to find this server, when they are not its defaults).
 */
export function startSummary(facts: StartFacts): string {
  const url = appUrl(facts);
  const lan = EVERY_ADDRESS.has(facts.host) && facts.lanAddress ? `http://${facts.lanAddress}:${facts.port}` : null;
  const env = [
    facts.port === 3000 ? '' : `PORT=${facts.port} `,
    facts.dataDir === facts.defaultDataDir ? '' : `DATA_DIR=${facts.dataDir} `,
  ].join('');
  const lines = [
    '',
    `Breakshot is running`,
    '',
    `  Player app        ${url}/`,
    `  Operator console  ${url}/admin/`,
    ...(lan ? [`  On your network   ${lan}/  (a phone on the same network)`] : []),
    '',
  ];
  if (facts.demo) {
    const { agent, subAgent, members, password, agentPassword } = DEMO_TEAM;
    lines.push(
      `  Demo logins (password ${password}):`,
      `    ${agent} (agent; security and recharge password ${agentPassword})`,
      `    ${subAgent} (sub-agent), ${members.join(', ')} (members)`,
      '',
    );
  }
  lines.push(
    '  Make an operator for the console (it asks for the password; the first login sets up the authenticator):',
    `    ${env}npm run admin -- create-operator <name> admin`,
    '',
    '  Ctrl-C stops the server.',
    '',
  );
  return lines.join('\n');
}
