import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/** docs/stack.md pitfall 2: antd-mobile's Toast/Dialog render nothing on React 19 without this. */
let done = false;

export function setupAntdRender(): void {
  if (done) return;
  done = true;
  unstableSetRender((node, container) => {
    const el = container as Element & { __root?: Root };
    el.__root ??= createRoot(el);
    el.__root.render(node);
    return async () => {
      await Promise.resolve();
      el.__root?.unmount();
      delete el.__root;
    };
  });
}
