import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Home, PublicOnly, RequireAdmin, RequireModule, RequireSession } from './guards';
import { MenuPage, Shell } from './Shell';
import { NotFound, RouteError } from './errors';
import { loadSection } from '@/i18n';

/** Each page is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** A page whose messages are a section of their own (loaded with it, not with the app). */
async function withSection<T>(section: string, load: Promise<T>): Promise<T> {
  const [module] = await Promise.all([load, loadSection(section)]);
  return module;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/sign-in', ...page(() => import('@/features/auth/routes/SignInPage')) },
          { path: '/register', ...page(() => import('@/features/auth/routes/RegisterPage')) },
          { path: '/forgot-password', ...page(() => import('@/features/auth/routes/ForgotPasswordPage')) },
        ],
      },
      // links from mails work signed in or not
      { path: '/confirm-email', ...page(() => import('@/features/auth/routes/ConfirmEmailPage')) },
      { path: '/reset-password', ...page(() => import('@/features/auth/routes/ResetPasswordPage')) },
      {
        element: <RequireSession />,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <Home /> },
              { path: '/menu', element: <MenuPage /> },
              { element: <RequireModule module="Map" />, children: [{ path: '/map/*', ...page(() => import('@/features/map/routes/MapPage')) }] },
              { element: <RequireModule module="Budget" />, children: [{ path: '/budget/*', ...page(() => import('@/features/budget/routes/BudgetPage')) }] },
              { element: <RequireModule module="Notes" />, children: [{ path: '/notes/*', ...page(() => import('@/features/notes/routes/NotesPage')) }] },
              {
                element: <RequireModule module="Calendar" />,
                children: [{ path: '/calendar/*', ...page(() => withSection('calendar', import('@/features/calendar/routes/CalendarPage'))) }],
              },
              { path: '/members', ...page(() => import('@/features/members/routes/MembersPage')) },
              { path: '/welcome', ...page(() => import('@/features/members/routes/WelcomePage')) },
              { path: '/history', ...page(() => withSection('history', withSection('shopping', import('@/features/history/routes/HistoryPage')))) },
              { path: '/account', ...page(() => import('@/features/account/routes/AccountPage')) },
              { path: '/notifications', ...page(() => import('@/features/notifications/routes/InboxPage')) },
              { path: '/account/sessions', ...page(() => import('@/features/account/routes/SessionsPage')) },
              { path: '/account/tokens', ...page(() => import('@/features/account/routes/AccessTokensPage')) },
              { path: '/account/connected', ...page(() => import('@/features/account/routes/ConnectedAccountsPage')) },
              { element: <RequireAdmin />, children: [{ path: '/admin/*', ...page(() => import('@/features/admin/routes/AdminPage')) }] },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
