import serviceSetup from '../../support/global-setup';
import { ensureCabinetBuilt } from './build-cabinet';

/** The browser tier's setup: the service's (its build, the template database), then the cabinet's build, once. */
export default async function globalSetup(): Promise<void> {
  await serviceSetup();
  ensureCabinetBuilt();
}
