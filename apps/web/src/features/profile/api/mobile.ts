/** The signed-in user's mobile (verified by a code) and SMS choices: GET /account/mobile, POST /account/mobile/code,
 * POST /account/mobile/verify, DELETE /account/mobile, PUT /account/sms-preferences. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MobileCodeRequest, MobileRequest, MobileSettings, SmsPreferencesRequest } from '@portal/contract';
import { api } from '../../../lib/api-client';

const mobileKey = ['account', 'mobile'] as const;

export function useMobileSettings() {
  return useQuery({
    queryKey: mobileKey,
    queryFn: ({ signal }) => api.get<MobileSettings>('/account/mobile', { signal }),
  });
}

export function useSendMobileCode() {
  return useMutation({ mutationFn: (body: MobileRequest) => api.post<void>('/account/mobile/code', body) });
}

function useSettingsMutation<Body>(send: (body: Body) => Promise<MobileSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(mobileKey, settings),
  });
}

export const useVerifyMobile = () =>
  useSettingsMutation((body: MobileCodeRequest) => api.post<MobileSettings>('/account/mobile/verify', body));
export const useRemoveMobile = () => useSettingsMutation((_: void) => api.delete<MobileSettings>('/account/mobile'));
export const useSaveSmsPreferences = () =>
  useSettingsMutation((body: SmsPreferencesRequest) => api.put<MobileSettings>('/account/sms-preferences', body));
