/**
 * Screens over the compiled runtime (docs/screening.md): the packages of one jurisdiction that declare `screening`
 * terms, merged into one package per set of programs (core/engine/package/merge-specs.ts) and composed on the first
 * screen that asks for that set; kept (bounded) so later screens reuse its compiled kernels.
 */
import { composeProgram, type RuleRepositoryModel } from '../../core/engine/index.js';
import { appliesIn, mergeProgramSpecs } from '../../core/engine/package/merge-specs.js';
import { CompiledPackage, type PackageEvaluator } from '../../core/engine/run/compiled-package.js';
import { memberOf, ScreenPackage } from '../../core/engine/run/screen-package.js';
import { BoundedMap } from '../../core/domain/bounded-map.js';
import type { Screener } from '../../core/ports/screener.js';

/** Distinct program sets kept composed (a jurisdiction's full set, and the subsets callers ask for). */
const SCREENS_KEPT = 256;

export class CompiledScreener implements Screener {
  private readonly screens = new BoundedMap<string, ScreenPackage | string>(SCREENS_KEPT);
  /** Each jurisdiction's screenable packages (the runtime's packages are fixed once loaded), found once. */
  private readonly byJurisdiction = new BoundedMap<string, CompiledPackage[]>(SCREENS_KEPT);

  constructor(
    private readonly packages: () => readonly CompiledPackage[],
    /** The repository each package was composed from (a merged package composes from the same one). */
    private readonly repositoryOf: (pkg: CompiledPackage) => RuleRepositoryModel | undefined,
    private readonly evaluators: { explain: PackageEvaluator; fast?: PackageEvaluator },
  ) {}

  programs(jurisdiction: string): readonly string[] {
    return this.screenable_(jurisdiction).map((pkg) => pkg.program_id);
  }

  screenable(jurisdiction: string, programIds: readonly string[]): ScreenPackage | string {
    const key = `${jurisdiction}\u0000${programIds.join('\u0000')}`;
    let screen = this.screens.get(key);
    if (screen === undefined) this.screens.set(key, (screen = this.compose(jurisdiction, programIds)));
    return screen;
  }

  /** The jurisdiction's screenable packages and its parents' (the federal credits join every State), one per program id, its own first. */
  private screenable_(jurisdiction: string): CompiledPackage[] {
    let found = this.byJurisdiction.get(jurisdiction);
    if (found === undefined) this.byJurisdiction.set(jurisdiction, (found = this.findScreenable(jurisdiction)));
    return found;
  }

  private findScreenable(jurisdiction: string): CompiledPackage[] {
    const byProgram = new Map<string, CompiledPackage>();
    const candidates = this.packages().filter((pkg) => pkg.pkg.spec.profile.screening !== undefined && appliesIn(pkg.jurisdiction, jurisdiction));
    // A jurisdiction with no program of its own is not one Tenet knows (us-zz), however many parents' programs apply.
    if (!candidates.some((pkg) => pkg.jurisdiction === jurisdiction)) return [];
    for (const pkg of candidates.sort((a, b) => b.jurisdiction.length - a.jurisdiction.length)) if (!byProgram.has(pkg.program_id)) byProgram.set(pkg.program_id, pkg);
    return [...byProgram.values()].sort((a, b) => a.program_id.localeCompare(b.program_id));
  }

  private compose(jurisdiction: string, programIds: readonly string[]): ScreenPackage | string {
    const available = this.screenable_(jurisdiction);
    const members: CompiledPackage[] = [];
    for (const id of programIds) {
      const found = available.find((pkg) => pkg.program_id === id);
      if (!found) return `${jurisdiction} has no screenable program ${id}; screenable: ${available.map((p) => p.program_id).join(', ') || 'none'}`;
      members.push(found);
    }
    const repo = this.repositoryOf(members[0]);
    if (!repo || members.some((m) => this.repositoryOf(m) !== repo)) return `the programs ${programIds.join(', ')} of ${jurisdiction} come from different rule repositories and cannot be screened together`;
    const whole = this.merge(repo, jurisdiction, members);
    if (typeof whole !== 'string') return new ScreenPackage(whole, members);
    // Some programs' rules conflict (two bind one shared hook differently): keep every program that merges with
    // those before it, and report the others, each with why, rather than refuse the whole screen.
    const kept: CompiledPackage[] = [];
    const excluded: Array<{ member: ReturnType<typeof memberOf>; problem: string }> = [];
    let merged: CompiledPackage | undefined;
    for (const member of members) {
      const attempt = this.merge(repo, jurisdiction, [...kept, member]);
      if (typeof attempt === 'string') {
        excluded.push({ member: memberOf(member), problem: `${member.program_id} cannot run in one evaluation with ${kept.map((k) => k.program_id).join(', ')}: ${attempt}` });
        continue;
      }
      kept.push(member);
      merged = attempt;
    }
    return merged ? new ScreenPackage(merged, kept, excluded) : whole;
  }

  private merge(repo: RuleRepositoryModel, jurisdiction: string, members: readonly CompiledPackage[]): CompiledPackage | string {
    const merged = mergeProgramSpecs(members.map((m) => m.pkg.spec), jurisdiction);
    if (!merged.ok) return merged.problem;
    const composed = composeProgram(repo, merged.spec);
    if (!composed.ok) return `the merged package does not compose: ${composed.diagnostics.map((d) => d.message).join('; ').slice(0, 500)}`;
    return new CompiledPackage(members[0].runtime_id, composed.package, this.evaluators);
  }
}
