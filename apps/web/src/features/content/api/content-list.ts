import * as routes from '@breakshot/client/routes';
import type { content } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type ContentListItem = content.ContentListItem;
export type HelpCategory = content.HelpCategory;

/** The help centre's tabs, in their order (contracts `helpCategories`). */
export const HELP_CATEGORIES: readonly HelpCategory[] = ['deposit', 'withdrawal', 'account', 'betting', 'agent'];

/** Every page of a group (help, about) in the reader's language; bodies are sanitized HTML. */
export const contentListQuery = (group: content.PageGroup, lang: string) =>
  queryOptions({
    queryKey: ['content', 'list', group, lang],
    queryFn: () => call(routes.content.contentList, { group }),
    staleTime: 5 * 60_000,
  });
