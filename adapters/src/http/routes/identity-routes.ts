import type { Router } from 'express';
import type { Container } from 'inversify';
import { ConfirmVerifiedPhone, GetCurrentUser, SubmitDealerDetails, SyncUser, UpdateProfile } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { TOKENS } from '../../main/container.js';
import { apiRouter } from '../router.js';

type SyncInput = components['schemas']['SyncInput'];
type ProfilePatch = components['schemas']['ProfilePatch'];
type DealerInput = components['schemas']['DealerInput'];

export function identityRoutes(c: Container): Router {
  const router = apiRouter();
  const sync = c.get(SyncUser);
  const current = c.get(GetCurrentUser);
  const updateProfile = c.get(UpdateProfile);
  const confirmPhone = c.get(ConfirmVerifiedPhone);
  const submitDealer = c.get(SubmitDealerDetails);

  const config = c.get(TOKENS.Config);
  const clientConfig: components['schemas']['ClientConfig'] = {
    firebase: { apiKey: config.firebaseApiKey, authDomain: config.firebaseAuthDomain, projectId: config.firebaseProjectId },
    authEmulatorUrl: config.firebaseAuthEmulatorHost ? `http://${config.firebaseAuthEmulatorHost}` : null,
  };
  router.get('/client-config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(clientConfig);
  });

  router.post('/auth/sync', async (req, res) => {
    const body = (req.body ?? {}) as SyncInput;
    res.json(await sync.execute(body, req.actor));
  });

  router.get('/auth/user', async (req, res) => {
    res.json(await current.execute(undefined, req.actor));
  });

  router.patch('/auth/profile', async (req, res) => {
    // A userId in the body was checked on the way in (onlyTheCallerClaimed); it is no change to make.
    const { userId: _caller, ...changes } = req.body as ProfilePatch;
    res.json(await updateProfile.execute(changes, req.actor));
  });

  // The number comes from the identity provider's record of the caller's account, never from the body.
  router.post('/auth/phone/verified', async (req, res) => {
    res.json(await confirmPhone.execute(undefined, req.actor));
  });

  router.put('/auth/dealer', async (req, res) => {
    const body = req.body as DealerInput;
    res.json(await submitDealer.execute({ businessName: body.businessName, cacNumber: body.cacNumber }, req.actor));
  });

  return router;
}
