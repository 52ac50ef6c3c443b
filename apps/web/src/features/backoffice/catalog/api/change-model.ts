import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoModelAccountBody, BoModelBody, BoModelCameraBody, BoModelDetail } from '@velora/shared';
import { endpointPath } from '@velora/shared';
import { BACKOFFICE_ENDPOINTS } from '@velora/shared/endpoints/backoffice-all';
// eslint-disable-next-line no-restricted-syntax -- backoffice.models.picture sends a multipart body (FormData), which call() types as none
import { api, requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { BO_MODELS_KEY } from './get-models';
import { modelKey } from './get-model';

/** POST /backoffice/models: a new model, unpublished. */
export const createModel = (body: BoModelBody) => requireData(call('backoffice.models.create', { body }));
/** PUT /backoffice/models/{id}: name, description, country. */
export const updateModel = ({ id, body }: { id: number; body: BoModelBody }) => requireData(call('backoffice.models.update', { params: { id }, body }));
/** POST /backoffice/models/{id}/publish or /unpublish. */
export const setModelPublished = ({ id, published }: { id: number; published: boolean }) =>
  requireData(call(published ? 'backoffice.models.publish' : 'backoffice.models.unpublish', { params: { id } }));
/** PUT /backoffice/models/{id}/account: link an account by username or email, or unlink with null. */
export const setModelAccount = ({ id, body }: { id: number; body: BoModelAccountBody }) => requireData(call('backoffice.models.account', { params: { id }, body }));
/** PUT /backoffice/models/{id}/camera: her show title and chat. */
export const setModelCamera = ({ id, body }: { id: number; body: BoModelCameraBody }) => requireData(call('backoffice.models.camera', { params: { id }, body }));

/** PUT /backoffice/models/{id}/picture: one file, as multipart/form-data (the table's entry takes no JSON body). */
export function uploadModelPicture({ id, file }: { id: number; file: File }): Promise<BoModelDetail> {
  const form = new FormData();
  form.append('files', file, file.name);
  return requireData(api.put<BoModelDetail>(endpointPath(BACKOFFICE_ENDPOINTS['backoffice.models.picture'], { id }), form));
}

/** A change of a model: the answer is her new state, kept as the detail; the lists are read again. */
function useModelChange<A>(mutationFn: (args: A) => Promise<BoModelDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (model) => {
      queryClient.setQueryData(modelKey(model.id), model);
      void queryClient.invalidateQueries({ queryKey: [...BO_MODELS_KEY, 'list'] });
    },
  });
}

export const useCreateModel = () => useModelChange(createModel);
export const useUpdateModel = () => useModelChange(updateModel);
export const useSetModelPublished = () => useModelChange(setModelPublished);
export const useSetModelAccount = () => useModelChange(setModelAccount);
export const useSetModelCamera = () => useModelChange(setModelCamera);
export const useUploadModelPicture = () => useModelChange(uploadModelPicture);
