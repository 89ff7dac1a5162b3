import type { FormRule } from 'antd';
import type { z } from 'zod';
import { validationText } from '@breakshot/contracts';
import { LANGUAGE } from './api';

/** The first issue of a failed parse, in the console's language (the schemas carry message keys). */
const firstIssue = (error: z.ZodError): string => validationText(error.issues[0]?.message ?? 'invalid', LANGUAGE);

/**
 * A form rule from a contract field: the check the server makes, run on what will be sent
 * (`toRequest` turns the typed value into it, e.g. yuan into minor units). Empty is "required".
 */
export function fieldRule(schema: z.ZodType, toRequest: (value: never) => unknown = (v) => v): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') throw new Error(validationText('required', LANGUAGE));
      const parsed = schema.safeParse(toRequest(value as never));
      if (!parsed.success) throw new Error(firstIssue(parsed.error));
    },
  };
}

/** fieldRule of a field that may be left empty (the server reads empty as none). */
export function optionalFieldRule(schema: z.ZodType, toRequest: (value: never) => unknown = (v) => v): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const parsed = schema.safeParse(toRequest(value as never));
      if (!parsed.success) throw new Error(firstIssue(parsed.error));
    },
  };
}

/**
 * A Form.List rule from a contract's array: only the issues of the list itself (its length, a
 * refinement over the rows); each row's fields carry their own fieldRule.
 */
export function listRule<T>(
  schema: z.ZodType,
  toRequest: (rows: T[]) => unknown,
): { validator: (rule: unknown, rows: T[] | undefined) => Promise<void> } {
  return {
    validator: async (_, rows: T[] | undefined) => {
      const parsed = schema.safeParse(toRequest(rows ?? []));
      const own = parsed.error?.issues.filter((i) => i.path.length === 0);
      if (own?.length) throw new Error(validationText(own[0]!.message, LANGUAGE));
    },
  };
}
