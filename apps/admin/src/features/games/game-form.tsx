import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { gamesAdmin, type DataOf } from '@breakshot/contracts';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { gameTypeOptions } from './game-types';
import { chosen, filled, notTaken } from './rules';
import { gamesTexts as t } from './texts';

type Game = gamesAdmin.AdminGame;
type Values = Omit<Game, 'enabled'>;

/** Adds a game to the catalogue (`game` null) or edits one; its code is fixed once saved. */
export function GameForm({
  game,
  providers,
  defaultMultiple,
  onClose,
}: {
  game: Game | null | undefined;
  providers: gamesAdmin.AdminProvider[];
  /** The win limit of games without their own. */
  defaultMultiple: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const providerId = Form.useWatch('providerId', form);
  /** Only the types the chosen provider offers (the server refuses others). */
  const typesOf = (id: string | undefined) => providers.find((p) => p.id === id)?.gameTypes ?? [];
  const typeOptions = gameTypeOptions.filter((o) => typesOf(providerId).includes(o.value));
  const pickProvider = (id: string) => {
    const types = typesOf(id);
    if (!types.includes(form.getFieldValue('gameType'))) form.setFieldValue('gameType', types[0]);
  };
  const save = useAction(gamesAdmin.gameSave, {
    done: (g) => t.gameSaved(g.name),
    refresh: [gamesAdmin.gamesList, gamesAdmin.providersList],
    onSuccess: onClose,
  });
  // The codes of every page of the catalogue the operator has loaded (the list is paged).
  const listed = useQueryClient()
    .getQueriesData<DataOf<typeof gamesAdmin.gamesList>>({ queryKey: callKey(gamesAdmin.gamesList) })
    .flatMap(([, page]) => page?.list.map((g) => g.code) ?? []);
  return (
    <Modal
      open={game !== undefined}
      title={t.gameTitle(game?.code ?? null)}
      width={640}
      okText={t.save}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        // An empty limit is sent as null: the default.
        if (v) save.mutate({ ...v, image: v.image ?? '' });
      }}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          game ?? {
            providerId: providers[0]?.id,
            gameType: providers[0]?.gameTypes[0],
            sort: 0,
            image: '',
            maxWinMultiple: null,
          }
        }
        requiredMark={false}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t.gameCode}
              extra={t.gameCodeHint}
              rules={[filled, ...(game ? [] : [notTaken(listed, t.gameCodeTaken)])]}
            >
              <Input maxLength={64} disabled={!!game} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="providerId" label={t.provider} rules={[chosen]}>
              <Select
                options={providers.map((p) => ({ value: p.id, label: p.name }))}
                aria-label={t.provider}
                onChange={pickProvider}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t.gameName} rules={[filled]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameEn" label={t.gameNameEn} rules={[filled]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="gameType" label={t.gameType} rules={[chosen]}>
              <Select options={typeOptions} aria-label={t.gameType} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sort" label={t.sort} extra={t.sortHint} rules={[chosen]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="image" label={t.imageUrl} extra={t.imageHint}>
          <Input maxLength={300} placeholder="https://…/tile.png" />
        </Form.Item>
        <Form.Item
          name="maxWinMultiple"
          label={t.maxWinField}
          extra={defaultMultiple !== undefined && t.maxWinHint(defaultMultiple)}
        >
          <InputNumber
            min={1}
            max={gamesAdmin.MAX_WIN_MULTIPLE}
            precision={0}
            suffix="倍"
            placeholder={defaultMultiple !== undefined ? t.maxWinDefault(defaultMultiple) : undefined}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
