import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoShootBody, BoShootDetail, BoShootPublishBody } from '@velora/shared';
import { endpointPath } from '@velora/shared';
import { BACKOFFICE_ENDPOINTS } from '@velora/shared/endpoints/backoffice-all';
// eslint-disable-next-line no-restricted-syntax -- backoffice.shoots.upload sends a multipart body (FormData), which call() types as none
import { api, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_SHOOTS_KEY } from './get-shoots';
import { shootKey } from './get-shoot';

export const createShoot = (body: BoShootBody) => requireData(call('backoffice.shoots.create', { body }));
export const updateShoot = ({ id, body }: { id: number; body: BoShootBody }) => requireData(call('backoffice.shoots.update', { params: { id }, body }));
export const orderImages = ({ id, imageIds }: { id: number; imageIds: number[] }) =>
  requireData(call('backoffice.shoots.order', { params: { id }, body: { image_ids: imageIds } }));
export const removeImage = ({ id, imageId }: { id: number; imageId: number }) => requireData(call('backoffice.shoots.removeImage', { params: { id, image_id: imageId } }));
export const chooseCover = ({ id, imageId }: { id: number; imageId: number }) => requireData(call('backoffice.shoots.cover', { params: { id }, body: { image_id: imageId } }));
export const publishShoot = ({ id, body }: { id: number; body: BoShootPublishBody }) => requireData(call('backoffice.shoots.publish', { params: { id }, body }));
export const unpublishShoot = ({ id }: { id: number }) => requireData(call('backoffice.shoots.unpublish', { params: { id } }));

/** POST /backoffice/shoots/{id}/images: many files in one multipart/form-data request (all are added, or none). */
export function uploadImages({ id, files }: { id: number; files: readonly File[] }): Promise<BoShootDetail> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return requireData(api.post<BoShootDetail>(endpointPath(BACKOFFICE_ENDPOINTS['backoffice.shoots.upload'], { id }), form));
}

/** A change of a shoot: the answer is its new state, kept as the detail; the lists are read again. */
function useShootChange<A>(mutationFn: (args: A) => Promise<BoShootDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (shoot) => {
      queryClient.setQueryData(shootKey(shoot.id), shoot);
      void queryClient.invalidateQueries({ queryKey: [...BO_SHOOTS_KEY, 'list'] });
    },
  });
}

export const useCreateShoot = () => useShootChange(createShoot);
export const useUpdateShoot = () => useShootChange(updateShoot);
export const useOrderImages = () => useShootChange(orderImages);
export const useRemoveImage = () => useShootChange(removeImage);
export const useChooseCover = () => useShootChange(chooseCover);
export const usePublishShoot = () => useShootChange(publishShoot);
export const useUnpublishShoot = () => useShootChange(unpublishShoot);
export const useUploadImages = () => useShootChange(uploadImages);
