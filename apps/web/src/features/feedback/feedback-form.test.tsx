import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { FeedbackItem } from './api/feedback';
import FankuiPage from './fankui-page';

const uploaded: Blob[] = [];
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<object>()),
  uploadImage: vi.fn(async (file: Blob) => {
    uploaded.push(file);
    return { id: `img${uploaded.length}`, url: `/api/v9/files/${'a'.repeat(21)}${uploaded.length}.png` };
  }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  uploaded.length = 0;
});

const answered: FeedbackItem = {
  id: 4,
  type: 'complaint',
  content: 'Withdrawal took two days.',
  images: [],
  contact: null,
  createdAt: '2026-11-20T08:00:00Z',
  reply: 'Sorry, the bank was slow; it is paid now.',
  repliedAt: '2026-11-20T09:00:00Z',
};

describe('/user/fankui', () => {
  it('validates as the user types, counts characters, sends type, content, images and contact once', async () => {
    let mine = [answered];
    const api = fakeApi({
      '/user/suggestion/list': () => ({ code: 200, data: { list: mine, total: mine.length, page: 1, pageSize: 20 } }),
      '/user/userSuggestion': (body) => {
        mine = [{ ...answered, id: 5, ...body, reply: null, repliedAt: null } as FeedbackItem, ...mine];
        return { code: 200, data: { id: 5 } };
      },
    });
    const { container } = renderAt(<FankuiPage />);
    expect((await screen.findByTestId('feedback-reply')).textContent).toContain('Sorry, the bank was slow');

    const content = screen.getByTestId('field-content-input');
    fireEvent.change(content, { target: { value: 'Too short' } });
    expect(screen.getByTestId('content-counter').textContent).toBe('9/500');
    expect(screen.getByTestId('field-content-error').textContent).toBe('须为 10–500 个字');
    await act(async () => fireEvent.click(screen.getByTestId('feedback-submit')));
    expect(api.count('/user/userSuggestion')).toBe(0);

    fireEvent.change(content, { target: { value: 'The match page\nfreezes after a goal.' } });
    expect(screen.queryByTestId('field-content-error')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '问题' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const input = container.querySelector('.adm-image-uploader input[type="file"]') as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await waitFor(() => expect(uploaded).toHaveLength(1));
    fireEvent.change(screen.getByTestId('field-contact-input'), { target: { value: 'me@example.com' } });

    await act(async () => fireEvent.click(screen.getByTestId('feedback-submit')));
    await waitFor(() =>
      expect(api.bodies('/user/userSuggestion')).toEqual([
        {
          type: 'problem',
          content: 'The match page\nfreezes after a goal.',
          images: [`/api/v9/files/${'a'.repeat(21)}1.png`],
          contact: 'me@example.com',
        },
      ]),
    );
    // Sent: the form is empty again and the new feedback heads the list, waiting for an answer.
    await waitFor(() => expect((screen.getByTestId('field-content-input') as HTMLTextAreaElement).value).toBe(''));
    await waitFor(() =>
      expect(screen.getAllByTestId('feedback-row').map((r) => r.getAttribute('data-answered'))).toEqual([
        'false',
        'true',
      ]),
    );
  });

  it('shows a refused image under the images field', async () => {
    fakeApi({
      '/user/suggestion/list': () => ({ code: 200, data: { list: [], total: 0, page: 1, pageSize: 20 } }),
      '/user/userSuggestion': () => ({ code: 400, msg: '图片 不是已上传的图片', data: { field: 'images' } }),
    });
    renderAt(<FankuiPage />);
    expect(await screen.findByTestId('feedback-list-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-content-input'), { target: { value: 'Something is wrong here.' } });
    await act(async () => fireEvent.click(screen.getByTestId('feedback-submit')));
    expect((await screen.findByTestId('field-images-error')).textContent).toBe('图片 不是已上传的图片');
  });
});
