/** The corporation's letterhead (name, address, GSTIN) as the server is configured: GET /organization, public. */
import { useQuery } from '@tanstack/react-query';
import { organizationSchema, type Organization } from '@portal/contract';
import { api } from '../lib/api-client';

export const organizationKey = ['organization'] as const;

/** The letterhead, or null when it could not be read (a letter then shows the corporation's name alone). */
export function useOrganization() {
  return useQuery({
    queryKey: organizationKey,
    queryFn: async (): Promise<Organization | null> => {
      const parsed = organizationSchema.safeParse(await api.get('/organization').catch(() => null));
      return parsed.success ? parsed.data : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
