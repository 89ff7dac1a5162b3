import { games, gamesAdmin } from '@breakshot/contracts';
import { arg, keep, noWords, option, readBody } from './args.js';
import { defineCommand } from './command.js';
import { UsageError } from './errors.js';
import { onOff, siteTime } from './format.js';

/** Game providers (seamless wallet). */
export const providerCommands = [
  defineCommand({
    name: 'providers',
    usage: '',
    summary: 'game providers (seamless wallet), and our public key that they verify our answers with',
    async run(_args, io) {
      const time = await siteTime(io);
      const data = await io.post(gamesAdmin.providersList, {});
      io.table(
        data.items.map((p) => ({
          id: p.id,
          name: p.name,
          enabled: p.enabled ? 'yes' : 'no',
          types: p.gameTypes.join(','),
          games: String(p.games),
          launchUrl: p.launchUrl,
          created: time(p.createdAt),
        })),
        data.items.length,
      );
      io.print(`\nour public key (providers verify our answers with it):\n${data.operatorPublicKey.trim()}`);
    },
  }),
  defineCommand({
    name: 'provider-save',
    usage: '--id <id> [--name …] [--types slots,poker] [--key-file key.pem] [--launch-url …]',
    summary:
      'add a provider (every option needed) or change one (what is not given is kept); its calls come to /provider/<id>/…',
    options: ['id', 'name', 'types', 'key-file', 'launch-url'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'provider-save');
      const id = option(options, 'id');
      const current = (await io.post(gamesAdmin.providersList, {})).items.find((p) => p.id === id);
      const types = options.types === undefined ? undefined : gameTypes(options.types);
      const key = options['key-file'] === undefined ? undefined : readBody(options['key-file']);
      const data = await io.post(gamesAdmin.providerSave, {
        id,
        name: keep(options.name, current?.name, 'name'),
        gameTypes: keep(types, current?.gameTypes, 'types'),
        publicKey: keep(key, current?.publicKey, 'key-file'),
        launchUrl: keep(options['launch-url'], current?.launchUrl, 'launch-url'),
      });
      io.print(
        `provider ${data.id} ${data.name} saved (${data.enabled ? 'enabled' : 'disabled'}, ${data.games} games)`,
      );
    },
  }),
  defineCommand({
    name: 'provider-enable',
    usage: '<id> on|off',
    summary: 'off: its games leave the lobby and new bets are refused; its open rounds still settle (wins, rollbacks)',
    async run({ positionals }, io) {
      const id = arg(positionals, 0, 'id');
      const data = await io.post(gamesAdmin.providerEnable, { id, enabled: onOff(positionals[1]) });
      io.print(`provider ${data.id} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
    },
  }),
];

/** `slots,poker` → the lobby's game types. */
function gameTypes(text: string): games.LobbyGameType[] {
  const types = text.split(',').map((x) => x.trim());
  const known: readonly string[] = games.lobbyGameTypes;
  const unknown = types.filter((x) => !known.includes(x));
  if (unknown.length) throw new UsageError(`game types: ${games.lobbyGameTypes.join(', ')}, not ${unknown.join(', ')}`);
  return types as games.LobbyGameType[];
}
