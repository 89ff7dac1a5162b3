import { Form, Input } from 'antd';

/** Line breaks and tabs become spaces: a reason is one line to the server (contracts `str`). */
const oneLine = (v: string | undefined) => v?.replace(/[\r\n\t]+/g, ' ');

/**
 * The reason an operator gives for an action (reject, freeze, adjust, disable…), stored in the
 * audit log and sometimes shown to the player: up to 200 characters, required unless `optional`.
 */
export function ReasonField({ label, required, optional }: { label: string; required?: string; optional?: boolean }) {
  return (
    <Form.Item
      name="reason"
      label={label}
      normalize={oneLine}
      rules={optional ? [] : [{ required: true, whitespace: true, message: required }]}
    >
      <Input.TextArea rows={3} maxLength={200} showCount />
    </Form.Item>
  );
}
