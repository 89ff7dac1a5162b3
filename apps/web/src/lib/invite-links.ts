import { agent } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentKeys } from './agent-keys';
import { call, type DataOf } from './http';

/*
 * The player's invite links as the agent area (which makes and manages them) and the share pages
 * (which show one) read them: the list call and what state a link is in.
 */

export type InviteLink = agent.InviteLink;
export type InviteLinks = DataOf<typeof agent.agentLinks>;

export const fetchInviteLinks = () => call(agent.agentLinks, {});
export const inviteLinksQuery = () => queryOptions({ queryKey: agentKeys.links(), queryFn: fetchInviteLinks });
export const useInviteLinks = () => useQuery(inviteLinksQuery());

export type LinkState = 'active' | 'disabled' | 'expired';

/** 启用 / 停用 (by its owner) / 已过期 (its valid days are over). */
export function linkState(link: Pick<InviteLink, 'enabled' | 'expiresAt'>, now = Date.now()): LinkState {
  if (!link.enabled) return 'disabled';
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now) return 'expired';
  return 'active';
}

/**
 * The code /user/share shows: the chosen share link's while it still registers players, else my
 * own invite code (the default link); `link` is the chosen link when it is the one shown.
 */
export function shareCodeOf(data: InviteLinks, now = Date.now()): { code: string; link: InviteLink | null } {
  const link = data.list.find((l) => l.id === data.shareLinkId);
  return link && linkState(link, now) === 'active' ? { code: link.code, link } : { code: data.inviteCode, link: null };
}
