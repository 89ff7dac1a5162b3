/** Confirm dialog (antd-mobile Dialog, loaded on first use to keep its animation code out of start-up). */
export async function confirmDialog(opts: {
  title?: string;
  content: string;
  confirmText: string;
  cancelText: string;
}): Promise<boolean> {
  const [{ default: Dialog }, { setupAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('../../lib/antd-render'),
  ]);
  setupAntdRender();
  return Dialog.confirm({
    title: opts.title,
    content: opts.content,
    confirmText: opts.confirmText,
    cancelText: opts.cancelText,
  });
}
