import * as routes from '@breakshot/client/routes';
import { request } from './http';
import { isValidInviteCode } from './invite';

/*
 * Click counting of invite links (/:inviteCode), imported by the redirect page (a lazy chunk) so
 * that the start-up bundle does not carry it.
 */

/** Codes already counted in this page load (a re-render must not send the click again). */
const counted = new Set<string>();

/**
 * Counts a visit of an invite link (agent/link/click). Fire and forget: the redirect never waits
 * for it, and a failure changes nothing for the visitor. The server knows the visitor by the
 * cookie it set on an earlier click (the browser sends it along) and counts each once a day.
 */
export function countInviteClick(code: string): void {
  if (!isValidInviteCode(code) || counted.has(code)) return;
  counted.add(code);
  // keepalive: the visitor is on the way to /home and may leave it at once (to /register).
  request({ ...routes.agent.inviteClick, data: { code }, keepalive: true }).catch(() => undefined);
}
