import type { FormRule } from 'antd';
import { gamesTexts as t } from './texts';

/** A text field that must hold more than spaces; a choice that must be made. */
export const filled: FormRule = { required: true, whitespace: true, message: t.required };
export const chosen: FormRule = { required: true, message: t.required };

/** The server's rule for a provider's launch URL (modules/games/console.ts): http(s)://host… or a path of this site. */
export const LAUNCH_URL = /^(https?:\/\/[^\s/?#]+[^\s]*|\/[^\s]*)$/;

/**
 * Adding refuses an id already in use: saving it would silently overwrite that provider or game
 * (the save call adds or changes by id).
 */
export const notTaken = (taken: readonly string[], message: string): FormRule => ({
  validator: (_, value: unknown) =>
    typeof value === 'string' && taken.includes(value.trim()) ? Promise.reject(new Error(message)) : Promise.resolve(),
});
