// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Test USDT for the development chain
/// @notice A stand-in for BSC's BEP-20 USDT ("Tether USD", 18 decimals). The owner mints at will,
/// so it is deployed only on development chains, never next to the real token.
contract TestUSDT is ERC20, Ownable {
    constructor(address initialOwner) ERC20("Tether USD", "USDT") Ownable(initialOwner) {}

    /// @notice Creates `amount` new tokens (smallest unit) for `to`.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
