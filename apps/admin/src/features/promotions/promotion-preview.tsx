import { useState } from 'react';
import { Col, ColorPicker, Divider, Form, Row, Segmented, Space, Typography } from 'antd';
import { promotionsAdmin } from '@breakshot/contracts';
import { fieldRule } from '../../lib/contract-rules';
import { BannerPreview } from './banner-preview';
import type { PromotionValues } from './form-values';
import { RulesPreview } from './rules-preview';
import { promotionTexts as t } from './texts';

const fields = promotionsAdmin.promotionInput.shape;

const colorPresets = [
  {
    label: '',
    colors: ['#ff4d6d', '#ff9a3c', '#f7971e', '#ffd200', '#c31432', '#f5af19', '#11998e', '#38ef7d', '#7f00ff'],
  },
];

function ColorField({ name, label }: { name: 'bannerFrom' | 'bannerTo'; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[fieldRule(fields[name])]}
      getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
    >
      <ColorPicker showText disabledAlpha presets={colorPresets} />
    </Form.Item>
  );
}

/**
 * 预览: the banner and the rules as players will see them, in the language chosen, drawn from the
 * form's values as they are typed; the banner's two colours are picked beside it.
 */
export function PromotionPreview() {
  const form = Form.useFormInstance<PromotionValues>();
  const live = (Form.useWatch([], form) ?? {}) as Partial<PromotionValues>;
  const [lang, setLang] = useState<'zh' | 'en'>('zh');
  const zh = lang === 'zh';
  return (
    <>
      <Divider titlePlacement="start">
        <Space>
          {t.preview}
          <Segmented
            size="small"
            value={lang}
            onChange={(v) => setLang(v as 'zh' | 'en')}
            options={[
              { value: 'zh', label: t.zh },
              { value: 'en', label: t.en },
            ]}
          />
        </Space>
      </Divider>
      <Row gutter={24}>
        <Col span={12}>
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <BannerPreview
              from={live.bannerFrom ?? '#333333'}
              to={live.bannerTo ?? '#333333'}
              title={(zh ? live.titleZh : live.titleEn) ?? ''}
              summary={(zh ? live.summaryZh : live.summaryEn) ?? ''}
            />
            <Typography.Text type="secondary">{t.bannerHint}</Typography.Text>
            <Space size="large">
              <ColorField name="bannerFrom" label={t.bannerFrom} />
              <ColorField name="bannerTo" label={t.bannerTo} />
            </Space>
          </Space>
        </Col>
        <Col span={12}>
          <RulesPreview html={(zh ? live.rulesZh : live.rulesEn) ?? ''} />
        </Col>
      </Row>
    </>
  );
}
