/**
 * AdminPage: the frame of a console page, a title row with actions on the right, then the
 * content. `toolbar` sits between them (filters). Usage:
 *
 *   <AdminPage title={t('admin.menu.files')} extra={<Button>…</Button>} toolbar={<Filters />} testId="admin-files-page">
 *     <Table {...table.tableProps} columns={columns} />
 *   </AdminPage>
 */
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import './admin-shared.css';

export interface AdminPageProps {
  title: ReactNode;
  extra?: ReactNode;
  toolbar?: ReactNode;
  testId?: string;
  /** The content without the card around it (a page of cards, like the dashboard). */
  plain?: boolean;
  children: ReactNode;
}

export function AdminPage({ title, extra, toolbar, testId, plain = false, children }: AdminPageProps) {
  const content = (
    <>
      {toolbar && (
        <Flex className="rl-admin-page__toolbar" wrap gap={8} align="center">
          {toolbar}
        </Flex>
      )}
      {children}
    </>
  );
  return (
    <div className="rl-admin-page" data-testid={testId}>
      <Flex className="rl-admin-page__head" justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2} className="rl-admin-page__title rl-title-size-4">
          {title}
        </Typography.Title>
        {extra && <Flex gap={8}>{extra}</Flex>}
      </Flex>
      {plain ? (
        content
      ) : (
        <Card className="rl-admin-page__body" variant="borderless">
          {content}
        </Card>
      )}
    </div>
  );
}
