import type { FormRule } from 'antd';
import { feedTexts as t } from './texts';

/** A text field that must hold more than spaces. */
export const filled: FormRule = { required: true, whitespace: true, message: t.required };

/** The server's rules (contracts feed-admin.ts): a provider's id, and a key given by the operator. */
export const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{1,31}$/;
export const FEED_KEY = /^[\x21-\x7e]{32,128}$/;

/** Adding refuses an id in use: the save call adds or changes by id, so it would overwrite that provider. */
export const notTaken = (taken: readonly string[]): FormRule => ({
  validator: (_, value: unknown) =>
    typeof value === 'string' && taken.includes(value.trim())
      ? Promise.reject(new Error(t.providerIdTaken))
      : Promise.resolve(),
});
