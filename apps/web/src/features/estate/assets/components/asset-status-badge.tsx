/** An asset's status in its own colour: available green, reserved amber, allotted blue, other grey (the one
 * definition, shared with the plot map, is in features/estate/components/asset-finder). */
export { ASSET_STATUS_TONES, AssetStatusLabel as AssetStatusBadge } from '../../components/asset-finder/asset-status';
