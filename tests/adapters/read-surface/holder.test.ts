import { describe, expect, it } from 'vitest';
import { ReadCatalogHolder } from '../../../adapters/read-surface/holder.js';
import { ServiceError } from '../../../core/domain/errors.js';
import { buildReadCatalog } from '../../../core/usecases/read/read-catalog.js';
import { fixtureRepository } from '../../core/domain/catalog/fixture.js';

const stats = { repositories: 1, modules: 4, rules: 10, programs: 1, modulesWithErrors: 0, loadMs: 1, indexMs: 1 };

describe('ReadCatalogHolder', () => {
  it('is unavailable until built, with the failure as detail', () => {
    const holder = new ReadCatalogHolder();
    expect(holder.health().status).toBe('unavailable');
    expect(() => holder.current()).toThrow(ServiceError);
    holder.fail('loading the rule repositories failed: EACCES');
    expect(holder.health()).toEqual({ status: 'unavailable', detail: 'loading the rule repositories failed: EACCES' });
  });

  it('is ready once built, naming load errors; degraded without rules', () => {
    const holder = new ReadCatalogHolder();
    const catalog = buildReadCatalog([fixtureRepository()], 'rules');
    holder.set(catalog, stats);
    expect(holder.current()).toBe(catalog);
    expect(holder.health()).toEqual({ status: 'ready', detail: '10 rules from 4 modules and 1 program specs in 1 repository' });
    holder.set(catalog, { ...stats, modulesWithErrors: 2 });
    expect(holder.health().detail).toMatch(/2 modules have load errors/);
    holder.set(catalog, { ...stats, rules: 0 });
    expect(holder.health().status).toBe('degraded');
  });
});
