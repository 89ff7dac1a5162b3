import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Image, Skeleton, Typography } from 'antd';
import { kycAdmin } from '@breakshot/contracts';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { IdNumber, ReviewButtons } from './kyc-review';
import { kycStatusTag } from '../../components/kyc-status';
import { kycTexts as t } from './texts';

function Photo({ label, src }: { label: string; src: string }) {
  return (
    <Flex vertical gap={6} style={{ flex: 1 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Image
        src={src}
        alt={label}
        height={150}
        style={{ objectFit: 'cover', borderRadius: 8, width: '100%' }}
        data-testid={`kyc-photo-${label}`}
      />
    </Flex>
  );
}

/** One submission: what the player wrote, both photos (click to enlarge), the review. */
export function KycDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const input = { id: id ?? 0 };
  const query = useQuery({
    queryKey: callKey(kycAdmin.kycGetOne, input),
    queryFn: () => call(kycAdmin.kycGetOne, input),
    enabled: id !== null,
  });
  const d = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={d ? t.detailTitle(d.username) : ''}
      extra={d && <ReviewButtons d={d} />}
      destroyOnHidden
    >
      <ReadFailed query={query} style={{ marginBottom: 16 }} />
      {!d ? (
        !query.error && <Skeleton active />
      ) : (
        <Flex vertical gap={20} data-testid="kyc-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t.player}>
              <Link to={paths.player(d.username)}>{d.username}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t.realName}>
              <Typography.Text strong>{d.realName}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t.idNumber}>
              <IdNumber d={d} />
            </Descriptions.Item>
            <Descriptions.Item label={t.status}>{kycStatusTag(d.status)}</Descriptions.Item>
            <Descriptions.Item label={t.submittedAt}>{dateTime(d.submittedAt)}</Descriptions.Item>
            {d.reviewedBy && (
              <Descriptions.Item label={t.reviewedBy}>
                {d.reviewedBy} · {dateTime(d.reviewedAt)}
              </Descriptions.Item>
            )}
            {d.rejectReason && <Descriptions.Item label={t.rejectReason}>{d.rejectReason}</Descriptions.Item>}
          </Descriptions>
          <Image.PreviewGroup>
            <Flex gap={12}>
              <Photo label={t.front} src={d.frontImage} />
              <Photo label={t.back} src={d.backImage} />
            </Flex>
          </Image.PreviewGroup>
        </Flex>
      )}
    </Drawer>
  );
}
