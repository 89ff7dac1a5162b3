import { addResources } from '../lib/i18n';

/** Texts of the installable app's prompts (update bar, install offer, iOS hint). */
addResources({
  'zh-CN': {
    'pwa.update.ready': '新版本可用',
    'pwa.update.reload': '刷新',
    'pwa.install.title': '安装 Breakshot',
    'pwa.install.text': '添加到手机桌面，一键打开',
    'pwa.install.go': '安装',
    'pwa.install.close': '关闭',
    'pwa.ios.title': '添加到主屏幕',
    'pwa.ios.before': '点击 Safari 底部的分享按钮',
    'pwa.ios.after': '，再选择“添加到主屏幕”',
  },
  en: {
    'pwa.update.ready': 'New version available',
    'pwa.update.reload': 'Reload',
    'pwa.install.title': 'Install Breakshot',
    'pwa.install.text': 'Add it to your home screen: it opens faster, like an app',
    'pwa.install.go': 'Install',
    'pwa.install.close': 'Close',
    'pwa.ios.title': 'Add to Home Screen',
    'pwa.ios.before': 'Tap the Share button',
    'pwa.ios.after': ' at the bottom of Safari, then choose “Add to Home Screen”',
  },
});
