import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { refusalOfCall, type Needs } from '../features/access';
import { forbidden } from './errors';

/** The permission the route answering this method and path states, with the route's path pattern. */
export type StatedPermission = (method: string, path: string) => { needs: Needs; path: string } | undefined;

/**
 * Refuses every signed-in request that access does not let make its route's stated permission on
 * the id the route names (features/access/access.ts, `refusalOfCall`): an adult as the route's
 * service did before (usually 404 like a missing row), a tablet in child mode with 403
 * `child_mode`, also for a path no route answers. Called by the API guard after the session is
 * loaded, before the route's validation.
 */
export function accessCheck(deps: AppDeps, stated: StatedPermission): (c: Context<AppEnv>) => Promise<void> {
  return async (c) => {
    const user = c.get('user');
    if (!user) return;
    const route = stated(c.req.method, c.req.path);
    if (!route) {
      if (user.childStudentId !== null) throw forbidden('Not available in child mode', 'child_mode');
      return;
    }
    const refused = await refusalOfCall(deps.db.kysely, c, user, route.needs, route.path);
    if (refused) throw refused;
  };
}
