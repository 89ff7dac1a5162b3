import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { call } from '../lib/api';
import { paths } from '../lib/paths';
import { callKey } from '../lib/query-client';
import { setSession, useSession, type OperatorSession } from '../lib/session';
import { ConsoleLayout } from './layout';
import { sections, sectionsFor, type Section } from './sections';
import { appTexts } from './texts';

const LoginPage = lazy(() => import('../features/login/login-page'));
const SetupPage = lazy(() => import('../features/login/setup-page'));

/**
 * Checks the stored session once at start (`me`): a 401 clears it, a changed role or site time
 * zone is taken over.
 */
function useRestoreSession(session: OperatorSession | null) {
  const { data } = useQuery({
    queryKey: callKey(operatorsAdmin.me),
    queryFn: () => call(operatorsAdmin.me, {}),
    enabled: session !== null,
    staleTime: Infinity,
  });
  useEffect(() => {
    const changed =
      data &&
      session &&
      (data.operator.role !== session.operator.role ||
        data.expiresAt !== session.expiresAt ||
        data.timeZone !== session.timeZone);
    if (changed)
      setSession({ ...session, operator: data.operator, expiresAt: data.expiresAt, timeZone: data.timeZone });
  }, [data, session]);
}

function Guarded() {
  const session = useSession();
  const queryClient = useQueryClient();
  useRestoreSession(session);
  // Logged out or expired: nothing of this operator's stays cached for the next one.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);
  if (!session) return <Navigate to={paths.login} replace />;
  return <ConsoleLayout session={session} />;
}

function Home() {
  const session = useSession();
  const first = session ? sectionsFor(session.operator.role)[0] : undefined;
  return first ? <Navigate to={first.path} replace /> : <Forbidden />;
}

function Forbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle={appTexts.forbidden}
      extra={
        <Button type="primary" href={`${import.meta.env.BASE_URL}`}>
          {appTexts.backHome}
        </Button>
      }
    />
  );
}

/** A section's page, or 403 when the role may not make its list call. */
function Gate({ section, children }: { section: Section; children: React.ReactNode }) {
  const session = useSession();
  if (session && !operatorCalls.mayCall(session.operator.role, section.call)) return <Forbidden />;
  return children;
}

const pageSpin = <Spin style={{ display: 'block', margin: '120px auto' }} />;

function LoginRoute() {
  const session = useSession();
  if (session) return <Navigate to={paths.home} replace />;
  return (
    <Suspense fallback={pageSpin}>
      <LoginPage />
    </Suspense>
  );
}

export function appRoutes(): RouteObject[] {
  return [
    { path: paths.login, element: <LoginRoute /> },
    {
      path: paths.setupPattern,
      element: (
        <Suspense fallback={pageSpin}>
          <SetupPage />
        </Suspense>
      ),
    },
    {
      path: paths.home,
      element: <Guarded />,
      children: [
        { index: true, element: <Home /> },
        ...sections.flatMap((s) =>
          [{ path: s.path, page: s.page }, ...(s.more ?? [])].map(({ path, page: Page }) => ({
            path,
            element: (
              <Gate section={s}>
                <Page />
              </Gate>
            ),
          })),
        ),
        { path: '*', element: <Result status="404" title="404" subTitle={appTexts.notFound} /> },
      ],
    },
    { path: '*', element: <Outlet /> },
  ];
}
