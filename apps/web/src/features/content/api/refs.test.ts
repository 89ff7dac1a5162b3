import { content } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { contentGetRef } from './content-get';
import { contentListRef, HELP_CATEGORIES } from './content-list';
import { noticeDetailsRef } from './notice-details';

describe('content light references', () => {
  it('match the contracts', () => {
    expect({ method: noticeDetailsRef.method, path: noticeDetailsRef.path }).toEqual({
      method: content.noticeDetails.method,
      path: content.noticeDetails.path,
    });
    expect({ method: contentGetRef.method, path: contentGetRef.path }).toEqual({
      method: content.contentGet.method,
      path: content.contentGet.path,
    });
    expect({ method: contentListRef.method, path: contentListRef.path }).toEqual({
      method: content.contentList.method,
      path: content.contentList.path,
    });
    expect(HELP_CATEGORIES).toEqual(content.helpCategories);
  });
});
