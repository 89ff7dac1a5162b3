import { useState } from 'react';
import { Alert, Button, Divider, Drawer, Form, Space } from 'antd';
import { promotionsAdmin, type promotions } from '@breakshot/contracts';
import { errorText } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { BasicsFields } from './basics-fields';
import { fieldError, newValues, storedValues, toInput, type PromotionValues } from './form-values';
import { PromotionPreview } from './promotion-preview';
import { RewardFields } from './reward-fields';
import { RulesEditor } from './rules-editor';
import { TextFields } from './text-fields';
import { promotionTexts as t } from './texts';

type PromotionType = promotions.PromotionType;
type AdminPromotion = promotionsAdmin.AdminPromotion;

/** What the drawer edits: a stored promotion, or a new one of the type chosen. */
export interface Editing {
  type: PromotionType;
  promotion: AdminPromotion | null;
}

/**
 * A promotion's form in a drawer: texts in both languages, banner, period, reward terms and the
 * type's rules; amounts typed in yuan and rates in percent, sent in minor units and basis points.
 * The type is chosen before and fixed. A field the server refuses shows its message under it.
 * Mounted per opening: its form starts from this promotion's values, never the last one's.
 */
export function PromotionForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<PromotionValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(promotionsAdmin.promotionSave, {
    done: (p) => t.saved(p.titleZh),
    refresh: [promotionsAdmin.promotionsList],
    onSuccess: onClose,
  });
  const { type, promotion } = editing;

  const submit = (values: PromotionValues) => {
    setProblem(null);
    save.mutate(
      { id: promotion?.id, promotion: toInput(type, values) },
      {
        onError: (err) => {
          const field = fieldError(err);
          if (!field) return setProblem(errorText(err));
          form.setFields([{ name: field.name, errors: [field.message] }]);
          form.scrollToField(field.name);
        },
      },
    );
  };
  return (
    <Drawer
      open
      size={960}
      title={promotion ? t.editOf(promotion.titleZh) : t.createTitle(t.typeNames[type] ?? type)}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t.save}
          </Button>
        </Space>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        requiredMark={false}
        scrollToFirstError
        initialValues={promotion ? storedValues(promotion) : newValues(type)}
        onFinish={submit}
      >
        <Divider titlePlacement="start">{t.sectionBasics}</Divider>
        <BasicsFields type={type} stored={promotion !== null} />
        <Divider titlePlacement="start">{t.sectionTexts}</Divider>
        <TextFields />
        <PromotionPreview />
        <Divider titlePlacement="start">{t.sectionReward}</Divider>
        <RewardFields />
        <Divider titlePlacement="start">{t.sectionRules}</Divider>
        <RulesEditor type={type} />
      </Form>
    </Drawer>
  );
}
