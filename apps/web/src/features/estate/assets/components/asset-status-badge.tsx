/** An asset's status in its own colour: available green, reserved amber, allotted blue, other grey (the one
 * definition, shared with the plot map, is in components/estate/asset-finder). */
export {
  ASSET_STATUS_TONES,
  AssetStatusLabel as AssetStatusBadge,
} from '../../../../components/estate/asset-finder/asset-status';
