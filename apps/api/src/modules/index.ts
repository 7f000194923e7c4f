/** Every business module and its URL prefix under /api. */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';

export interface ApiModule {
  prefix: string;
  routes: FastifyPluginAsync;
}

export const modules: ApiModule[] = [
  { prefix: '/auth', routes: authRoutes },
  { prefix: '/users', routes: userRoutes },
];
