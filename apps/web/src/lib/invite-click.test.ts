import { agent } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { inviteClickRef } from './invite-click';

describe('invite click light reference', () => {
  it('matches the contract', () => {
    expect({ method: inviteClickRef.method, path: inviteClickRef.path }).toEqual({
      method: agent.inviteClick.method,
      path: agent.inviteClick.path,
    });
  });
});
