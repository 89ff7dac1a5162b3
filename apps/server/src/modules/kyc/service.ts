/* KYC's face to other modules: what a withdrawal needs (docs/design.md §9, "KYC, as built"). */
export { kycRequirementOf, type KycRequirement } from './requirement.js';
