import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { mayCall, type Needs } from '../features/access';
import { forbidden } from './errors';

/** The permission the route answering this method and path states, with the route's path pattern. */
export type StatedPermission = (method: string, path: string) => { needs: Needs; path: string } | undefined;

const refused = () => forbidden('Not available in child mode', 'child_mode');

/**
 * Refuses, with 403 `child_mode`, every request of a session in child mode whose route states a
 * permission that child mode's rule (features/access/access.ts, `childMay`) does not give it for
 * these ids, or that no route answers. Called by the API guard after the session is loaded, before
 * the route's validation; costs nothing for sessions not in child mode.
 */
export function childModeCheck(deps: AppDeps, stated: StatedPermission): (c: Context<AppEnv>) => Promise<void> {
  return async (c) => {
    const user = c.get('user');
    if (!user || user.childStudentId === null) return;
    const route = stated(c.req.method, c.req.path);
    if (!route || !(await mayCall(deps.db.kysely, c, user, route.needs, route.path))) throw refused();
  };
}
