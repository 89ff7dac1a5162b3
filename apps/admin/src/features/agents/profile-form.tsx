import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, InputNumber, Modal, Radio, Row, Typography } from 'antd';
import { agent, agentsAdmin, type DataOf, type GameType } from '@breakshot/contracts';
import { ReasonField } from '../../components/reason-field';
import { ApiError, call, errorText } from '../../lib/api';
import { percent, toBp } from '../../lib/basis-points';
import { fieldRule } from '../../lib/contract-rules';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { gameName, gameTypes } from './labels';
import { agentTexts as t } from './texts';

export type AgentDetails = DataOf<typeof agentsAdmin.agentDetails>;

interface Values {
  kind: agent.MemberKind;
  /** Percent, as typed. */
  rates: Record<GameType, number>;
  ratio?: number;
  reason: string;
}

/** The form field a refusal names (`taiqiu`, `rates.taiqiu`, `dividendRatioBp`), if any. */
function refusedField(err: unknown): ['rates', GameType] | ['ratio'] | null {
  const field = err instanceof ApiError ? err.data?.field : undefined;
  if (!field) return null;
  const game = gameTypes.find((g) => field === g || field === `rates.${g}`);
  if (game) return ['rates', game];
  return field === 'dividendRatioBp' ? ['ratio'] : null;
}

/**
 * Sets a player's kind, commission rates and dividend ratio (admin only): typed in percent, sent in
 * basis points with the reason. The server refuses (422) rates above the upline's; the upline's
 * own are shown under each field.
 */
export function ProfileForm({ details: a, onClose }: { details: AgentDetails; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? a.kind;
  const parentId = a.parent?.id ?? null;
  const upline = useQuery({
    queryKey: callKey(agentsAdmin.agentDetails, { id: parentId }),
    queryFn: () => call(agentsAdmin.agentDetails, { id: parentId! }),
    enabled: parentId !== null,
  }).data;
  const save = useAction(agentsAdmin.agentProfileSave, {
    done: t.saved(a.username),
    refresh: [agentsAdmin.agentsList, agentsAdmin.agentDetails],
    onSuccess: onClose,
  });

  const limit = (bp: number | undefined, max: number) =>
    a.parent ? (bp === undefined ? null : t.uplineMax(a.parent.username, percent(bp))) : t.topMax(percent(max));

  const submit = (v: Values) => {
    setProblem(null);
    const rates = Object.fromEntries(gameTypes.map((g) => [g, toBp(v.rates[g])])) as agent.CommissionRates;
    save.mutate(
      {
        id: a.id,
        kind: v.kind,
        rates,
        dividendRatioBp: v.kind === 'agent' ? toBp(v.ratio ?? 0) : 0,
        reason: v.reason,
      },
      {
        onError: (err) => {
          const name = refusedField(err);
          if (name) form.setFields([{ name, errors: [errorText(err)] }]);
          else setProblem(errorText(err));
        },
      },
    );
  };

  return (
    <Modal
      open
      width={700}
      title={t.editTitle(a.username)}
      okText={t.save}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          kind: a.kind,
          rates: Object.fromEntries(gameTypes.map((g) => [g, a.rates[g] / 100])),
          ratio: a.dividendRatioBp / 100,
        }}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="kind" label={t.kind}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={agent.memberKinds.map((k) => ({ value: k, label: t.kinds[k] }))}
          />
        </Form.Item>
        <Row gutter={16}>
          {gameTypes.map((g) => (
            <Col span={8} key={g}>
              <Form.Item
                name={['rates', g]}
                label={t.ratePct(gameName(g))}
                extra={limit(upline?.rates[g], agent.MAX_COMMISSION_RATE_BP)}
                rules={[fieldRule(agent.commissionRateBp, toBp)]}
              >
                <InputNumber style={{ width: '100%' }} min={0} step={0.1} precision={2} suffix="%" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {kind === 'agent' ? (
          <Form.Item
            name="ratio"
            label={t.ratioPct}
            extra={limit(upline?.dividendRatioBp, agent.MAX_DIVIDEND_RATIO_BP)}
            rules={[fieldRule(agent.dividendRatioBp, toBp)]}
          >
            <InputNumber style={{ width: 'calc(33.3% - 11px)' }} min={0} step={1} precision={2} suffix="%" />
          </Form.Item>
        ) : (
          <Typography.Paragraph type="secondary">{t.memberNoRatio}</Typography.Paragraph>
        )}
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <ReasonField label={t.reason} required={t.reasonRequired} />
      </Form>
    </Modal>
  );
}
