import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex, Modal, Skeleton } from 'antd';
import { ErrorCode } from '@breakshot/contracts';
import { ReadFailed } from '../../components/read-failed';
import { ApiError, errorText } from '../../lib/api';
import { billiardsTexts as t } from './texts';

/*
 * The dialog of a set of the book's rules (串关设置, 提前结算设置): the stored rules read (a
 * retry if that fails), the hint, then the rules' own content and form; OK submits the form. An
 * operator who may read but not set them gets the dialog read only, with a close button.
 */

export function RulesDialog<R>({
  icon,
  title,
  width,
  read,
  editable,
  hint,
  problem,
  saving,
  onOk,
  onClose,
  children,
}: {
  icon: ReactNode;
  title: string;
  width: number;
  read: UseQueryResult<R>;
  editable: boolean;
  /** The hint above the rules, for one who may set them and for one who may only read them. */
  hint: { editable: string; readOnly: string };
  /** A refusal the form's fields do not name. */
  problem: string | null;
  saving: boolean;
  onOk: () => void;
  onClose: () => void;
  children: (rules: R) => ReactNode;
}) {
  const rules = read.data;
  return (
    <Modal
      open
      centered
      width={width}
      title={
        <Flex gap={8} align="center">
          {icon}
          {title}
        </Flex>
      }
      onCancel={onClose}
      okText={t.save}
      okButtonProps={{ disabled: !rules }}
      confirmLoading={saving}
      onOk={onOk}
      footer={editable ? undefined : (_, { CancelBtn }) => <CancelBtn />}
      cancelText={editable ? undefined : t.close}
    >
      {read.error ? (
        <ReadFailed query={read} />
      ) : !rules ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <>
          <Alert type="info" showIcon title={editable ? hint.editable : hint.readOnly} style={{ marginBottom: 16 }} />
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
          {children(rules)}
        </>
      )}
    </Modal>
  );
}

/**
 * Where a refusal shows: under the form's field that the server's field (`maxReturn`,
 * `legTypes.2`…) is typed in (`fieldOf`), its label prefix dropped from a validation message
 * ("单张串关最高可赢: 过大"), or above the form (name null).
 */
export function refusalOf<F extends string>(
  err: unknown,
  fieldOf: (serverField: string) => F | undefined,
): { name: F | null; message: string } {
  const text = errorText(err);
  const field = err instanceof ApiError ? err.data?.field?.split('.')[0] : undefined;
  const name = (field && fieldOf(field)) || null;
  if (!name || !(err instanceof ApiError)) return { name: null, message: text };
  return { name, message: err.code === ErrorCode.BAD_REQUEST ? text.replace(/^[^:]*:\s*/, '') : text };
}
